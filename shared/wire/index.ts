// The table's wire, one job a file: its plain shapes (types.ts), its field lists declared once
// (fields.ts), the placeholders and catalog ids (placeholders.ts), the pending text (pending.ts), the
// legal commands' compaction (legal.ts), the answers in advance (answers.ts), the one way to read a table (table.ts), the log (log.ts)
// and its wire form (log-codec.ts, with the phrase book log-phrases.ts), and which books a build holds (books.ts).
export * from "./types.ts";
export * from "./fields.ts";
export * from "./placeholders.ts";
export * from "./pending.ts";
export * from "./legal.ts";
export * from "./legal-codec.ts";
export * from "./answers.ts";
export * from "./table.ts";
export * from "./log.ts";
export * from "./log-codec.ts";
export * from "./books.ts";
