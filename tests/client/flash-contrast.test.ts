// The flash that marks what changed tints a cell's background while it fades; coloured text on it (each
// resource, the refusal red, the muted grey) keeps WCAG's 4.5:1, read from the style sheet itself (axe
// caught a resource's name at 3.9:1 mid-flash in the replay).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("../../client/src/style.css", import.meta.url), "utf8");

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
const colour = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i"))?.[1];

describe("the flash's tint", () => {
  it("keeps every resource colour, --bad and --muted at 4.5:1 or more", () => {
    const tints = [...css.matchAll(/@keyframes flash-[ab] \{ from \{[^}]*background-color: (#[0-9a-f]{6})/gi)].map((m) => m[1]!);
    expect(tints).toHaveLength(2);
    const names = ["energy", "consumables", "tech", "entertainment", "credits", "bad", "muted"];
    for (const tint of tints) {
      for (const name of names) {
        const fg = colour(name);
        expect(fg, `--${name} in style.css`).toMatch(/^#/);
        expect(contrast(fg!, tint), `--${name} ${fg} on ${tint}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
