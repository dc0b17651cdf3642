// One decision through the table's buttons, as a person who clicks what the screen offers would make it.
import type { Page } from "playwright-core";

/**
 * Makes one decision through the buttons built from the legal commands: an offer or a counteroffer of
 * the person's own whenever they may make one (what a bot may sell its support for), else the first
 * choice offered (cards picked first when it needs some, a district on the map). Returns whether it acted.
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
    const discard = box.getByTestId("choice-discard");
    if (await discard.count()) {
      const boxes = discard.locator('input[type="checkbox"]');
      const go = discard.locator("button[data-choice]");
      for (let i = 0; i < (await boxes.count()) && (await go.isDisabled()); i++) await boxes.nth(i).check({ timeout: 5000 });
    }
    const onMap = p.locator('[data-testid^="pick-district-"]').first();
    if (await onMap.count()) {
      await onMap.click({ timeout: 5000 });
      return true;
    }
    return await click("button[data-choice]");
  } catch {
    return false; // the options changed under us: look again on the next pass
  }
}

