// Registers every asset card's abilities (B6), one file per timing class:
// end-of-turn.ts, claim.ts, exhaust.ts, discard.ts, passive.ts. ability.ts explains how one is
// written; windows.ts how the engine offers them. Aaron Marron and Braintrust change the rules
// themselves (counteroffer payments, corp-sheet draws, hand size) through passive.ts.
import "./end-of-turn.ts";
import "./claim.ts";
import "./exhaust.ts";
import "./discard.ts";
import "./passive.ts";
