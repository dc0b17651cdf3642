// Prompts the engine writes and the client or the table recognise by their words, and the limits of the
// standing answers to them. No zod here: the client imports this module, and zod's check for `new Function`
// breaks the page's CSP.

/** The prompt of a corp sheet's General draw (a standing answer may make it: server/table/standing-answers.ts). */
export const GENERAL_DRAW_PROMPT = "General draw: pick a type you have not drawn this step";

/** The most action types a standing General draw answer names (there are five types). */
export const MAX_GENERAL_DRAWS = 5;
