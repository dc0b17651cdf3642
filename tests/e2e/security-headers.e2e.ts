// The Content-Security-Policy fits the built client: the lobby loads, a table is created and joined
// over the websocket, and Chromium reports no policy violation.
import { describe, expect, it } from "vitest";
import { serverAndBrowser } from "./browser.ts";

const at = serverAndBrowser();

describe("security headers in the browser", () => {
  it("serves the page under a strict CSP that the client never violates, websocket included", async () => {
    const page = await at.browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => { if (m.type() === "error" || /Content Security Policy/i.test(m.text())) problems.push(m.text()); });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    const answer = await page.goto(at.server.url + "/");
    const csp = answer!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(answer!.headers()["x-content-type-options"]).toBe("nosniff");

    await page.getByTestId("health").filter({ hasText: "server online" }).waitFor();
    await page.getByTestId("name").fill("Ann");
    await page.getByTestId("create").click();
    await page.getByTestId("waiting-room").waitFor();
    expect((await page.getByTestId("invite-code").textContent())!.trim()).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(problems).toEqual([]);
  });
});
