import { describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { serverAndBrowser } from "./browser.ts";

const at = serverAndBrowser();

describe("the browser client", () => {
  it("loads at / and shows the app, talking to the server", async () => {
    const page = await at.browser.newPage();
    const errors: string[] = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(at.server.url + "/");
    await expect(page.getByRole("heading", { name: "New Angeles", exact: true }).isVisible()).resolves.toBe(true);
    await page.getByTestId("health").filter({ hasText: "server online" }).waitFor();
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: "test-results/home.png" });
    expect(errors).toEqual([]);
  });
});
