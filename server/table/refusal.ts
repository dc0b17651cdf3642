// Why the table said no to a person: a code for the client and a sentence for the person, sent to the
// asker alone (never another seat's secret). The table's parts (adjourn, votes, vacations) all answer so.
export type Refusal = { code: string; message: string };
