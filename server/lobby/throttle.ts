// The access limits belong to the access layer (server/access/throttle.ts), which the lobby and the rooms share.
export { Access, DEFAULT_LIMITS, LimitRefusal, RESERVATION_SECONDS, addressKey, clearWrongCodes, type Limits } from "../access/throttle.ts";
