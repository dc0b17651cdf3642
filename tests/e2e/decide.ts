// Decisions through the table's buttons, as a person who clicks what the screen offers would make them.
import type { Locator, Page } from "playwright-core";
import type { Command } from "../../shared/protocol.ts";

/** Ticks cards of a discard pick until its button may be pressed. */
async function pickDiscards(box: Locator): Promise<void> {
  const discard = box.getByTestId("choice-discard");
  if (await discard.count()) {
    const boxes = discard.locator('input[type="checkbox"]');
    const go = discard.locator("button[data-choice]");
    for (let i = 0; i < (await boxes.count()) && (await go.isDisabled()); i++) await boxes.nth(i).check({ timeout: 5000 });
  }
}

/**
 * Takes the first choice offered (checking cards first when the choice needs some; a district on the map
 * when the choice offers one, unless `map` is false, as on a phone whose map is in another tab).
 * Returns whether it acted.
 */
export async function actOnce(page: Page, { map = true }: { map?: boolean } = {}): Promise<boolean> {
  const box = page.getByTestId("choices");
  if ((await box.count()) === 0) return false;
  try {
    await pickDiscards(box);
    const onMap = page.locator('[data-testid^="pick-district-"]').first();
    if (map && (await onMap.count())) {
      await onMap.click({ timeout: 5000 });
      return true;
    }
    const button = box.locator("button[data-choice]:not([disabled])").first();
    if ((await button.count()) === 0) return false;
    await button.click({ timeout: 5000 });
    return true;
  } catch {
    return false; // the options changed under us: look again on the next pass
  }
}

/**
 * Makes one decision: an offer or a counteroffer of the person's own whenever they may make one (what a
 * bot may sell its support for), else the first choice offered (actOnce). Returns whether it acted.
 */
export async function decide(p: Page): Promise<boolean> {
  const box = p.getByTestId("choices");
  if ((await box.count()) === 0) return false;
  const click = async (selector: string) => {
    const button = box.locator(`${selector}:not([disabled])`).first();
    if ((await button.count()) === 0) return false;
    await button.click({ timeout: 5000 });
    return true;
  };
  try {
    if (await click('[data-choice="offer"]')) return true;
    if ((await box.getByTestId("pick-counter-discard").count()) === 0 && (await click('[data-choice="counteroffer"]'))) return true;
  } catch {
    return false; // the options changed under us: look again on the next pass
  }
  return actOnce(p);
}

/**
 * The clicks a decision took before answers in advance (every decision asked, one draw at a time), as
 * tests/table/answers-in-advance.test.ts counts them: one a button, one a card picked; trades are not
 * decisions.
 */
export function clicksBefore(c: Command): number {
  switch (c.type) {
    case "support": return c.cards.length + 1;
    case "counteroffer": return 1 + (c.discard?.length ? c.discard.length + 1 : 0);
    case "discard": return c.cards.length + 1;
    case "choose": return 1 + (c.more?.length ?? 0);
    default: return c.type.startsWith("trade-") ? 0 : 1;
  }
}
