// How the server words a decision a bot made for a person's seat (a private `bot-chose` event, kept in
// the seat's private log): the client finds these lines by their opening. Plain constants, no zod: the
// client bundle imports this file.

/** The seat's deadline ran out and a bot decided for it: "… it kept the investment Retail Sector." */
export const BOT_CHOSE = "Your time ran out, so a bot chose for you: it";
/** The same, for a seat a bot plays while its player is away. */
export const BOT_PLAYED_AWAY = "While you were away, a bot";
