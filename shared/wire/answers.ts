// Your answers in advance on the wire. The table words them as one JSON string, with `passAt` last while
// a timed pass runs for you (server/table/table.ts answersSent); a timed pass starts and ends with many
// decisions, so `passAt` travels in a field of its own and the answers, which change when you change
// them, are not sent again with each (decodeAnswers gives the table's string back, character for character).

const PASS_AT = /,"passAt":(\d+)}$/;

/** The answers' wire fields: the JSON without `passAt`, and `passAt` (0: no timed pass runs). */
export function encodeAnswers(sent: string): { answers: string; passAt: number } {
  const m = PASS_AT.exec(sent);
  return m ? { answers: `${sent.slice(0, m.index)}}`, passAt: Number(m[1]) } : { answers: sent, passAt: 0 };
}

/** The table's answers string from the wire fields (passAt absent or 0: none runs). */
export function decodeAnswers(answers: string, passAt: number | undefined): string {
  return passAt && answers.endsWith("}") ? `${answers.slice(0, -1)},"passAt":${passAt}}` : answers;
}
