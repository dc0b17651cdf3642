// The table's wire: the encode/decode pairs (codec.ts) and the one way to read a table (table.ts).
export * from "./codec.ts";
export * from "./table.ts";
export * from "./log.ts";
