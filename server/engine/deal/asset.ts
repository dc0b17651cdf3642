// Deal step 1, Asset (A6): the active player reveals the rightmost facedown asset on the turn track.
import type { Ctx } from "../ctx.ts";
import { log } from "../ctx.ts";
import { assetName, corpName } from "../data.ts";
import { fireWindow } from "../windows.ts";

export function revealAsset(c: Ctx): void {
  const s = c.s;
  let slot = -1;
  for (let i = s.turnTrack.length - 1; i >= 0; i--) {
    if (s.turnTrack[i]) {
      slot = i;
      break;
    }
  }
  const asset = slot >= 0 ? s.turnTrack[slot]! : null;
  if (slot >= 0) s.turnTrack = s.turnTrack.map((x, i) => (i === slot ? null : x)); // replaced, never changed in place (state.ts)
  s.deal = { asset, main: null, counters: [], counterQueue: [], supportQueue: [], supports: [], abstained: [], winner: null };
  if (asset) {
    log(c, "asset", `${corpName(s, s.active)} reveals ${assetName(asset)} from turn-track slot ${slot + 1}.`);
    fireWindow(c, "asset-revealed", { seat: s.active, asset });
  }
  s.stage = "main-offer";
}
