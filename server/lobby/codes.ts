// Invite codes belong to the access layer (server/access/codes.ts), which the lobby and the rooms share.
export { CODE_ALPHABET, CODE_BITS, CODE_LENGTH, newInviteCode, normalizeCode } from "../access/codes.ts";
