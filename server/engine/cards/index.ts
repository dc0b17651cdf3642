// Registers every card's effect script. To add a card: write its steps in the file of its type
// (or emergency.ts), keyed by the catalog id; tests/engine/cards/ checks every catalog card has one.
import "./biotech.ts";
import "./construction.ts";
import "./labor.ts";
import "./media.ts";
import "./security.ts";
import "./emergency.ts";
