// A deadline that ran out on your decision: the server says what the bot chose for you (a private line
// of yours); the newest one since this page opened shows until dismissed.
import { useEffect, useState } from "preact/hooks";
import type { TableSnapshot } from "../state.ts";
import { BOT_CHOSE } from "../../../shared/bot-chose.ts";

export function BotChoseNote({ model }: { model: TableSnapshot }) {
  const botChose = (model.secret?.log ?? []).filter((l) => l.startsWith(BOT_CHOSE));
  const [seen, setSeen] = useState<number | null>(null);
  useEffect(() => { if (seen === null && model.secret) setSeen(botChose.length); }, [model.secret, seen]);
  if (seen === null || botChose.length <= seen) return null;
  return (
    <p class="timeout-note" role="status" data-testid="timeout-note">
      {botChose.at(-1)}{" "}
      <button type="button" class="link" onClick={() => setSeen(botChose.length)}>Dismiss</button>
    </p>
  );
}
