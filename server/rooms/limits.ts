// The table limits live with the table core (server/table/limits.ts); scripts and tests read them here too.
export { DEFAULT_ROOM_LIMITS, MAX_OPEN_TRADES, type RoomLimits } from "../table/limits.ts";
