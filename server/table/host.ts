// What the host may change before the game starts: start it, add or remove a bot, the settings; and at
// any time, whether players see the spectators' channel.
import { variantProblem } from "../engine/variant-schema.ts";
import type { HostMessage } from "../../shared/room-protocol.ts";
type Host = ReturnType<(typeof HostMessage)["parse"]>;
import type { Refusal, Table } from "./table.ts";
import { deadlineProblem } from "./limits.ts";

/** The host's change to the table (the caller checked it comes from the host's seat). */
export function hostAction(table: Table, msg: Host): Refusal | null {
  // bot chat may be turned on or off at any time
  if (msg.action === "settings" && msg.botChat !== undefined && msg.stepSeconds === undefined && msg.variant === undefined && table.status !== "lobby") {
    table.setBotChat(msg.botChat);
    table.optionsChanged(false);
    table.changed();
    return null;
  }
  if (msg.action === "watchers") {
    table.setWatchersOpen(msg.open);
    return null;
  }
  if (table.status !== "lobby") return { code: "started", message: "The game has already started." };
  switch (msg.action) {
    case "start":
      table.startGame();
      return null;
    case "add-bot": {
      const free = table.seats.free();
      if (free === null) return { code: "full", message: "Every seat is taken." };
      table.seating.seatBot(free);
      table.talk.log(`A bot sits down at seat ${free + 1}.`);
      break;
    }
    case "remove-bot": {
      const target = table.seats.get(msg.seat);
      if (!target?.bot) return { code: "not-a-bot", message: "There is no bot in that seat." };
      table.seating.freeSeatOf(target);
      break;
    }
    case "settings": {
      const tooShort = msg.stepSeconds === undefined ? null : deadlineProblem(msg.stepSeconds, table.limits);
      if (tooShort) return { code: "bad-settings", message: tooShort };
      if (msg.variant) {
        const problem = variantProblem(msg.variant);
        if (problem) return { code: "bad-variant", message: problem };
        table.options.variant = msg.variant;
      }
      if (msg.stepSeconds !== undefined) table.options.stepSeconds = msg.stepSeconds;
      if (msg.botChat !== undefined) table.setBotChat(msg.botChat);
      table.optionsChanged(msg.stepSeconds !== undefined);
      break;
    }
  }
  if (table.seats.free() === null) table.full();
  else {
    if (msg.action === "remove-bot") table.notFull();
    table.changed();
  }
  return null;
}
