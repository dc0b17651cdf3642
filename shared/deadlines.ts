// The shortest deadline per decision a table may have (0: none), as the server's default: STEP_SECONDS_MIN
// sets the server's own (server/table/limits.ts), and the waiting room quotes this one.
export const STEP_SECONDS_FLOOR = 20;
