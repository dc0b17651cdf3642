// A sign-in link opened (/#sign-in=…): opening it spends nothing; only Continue verifies the address and
// keeps this browser's contact key, then the lobby lists the games of every device signed in with it.
import { redeemSignIn } from "../net/contact-api.ts";
import { rememberContactKey } from "../net/seat-memory.ts";
import { OneTimeLinkPage } from "./OneTimeLinkPage.tsx";

export function SignInPage({ secret, onDone }: { secret: string; onDone(): void }) {
  async function spend() {
    rememberContactKey((await redeemSignIn(secret)).contactKey);
    onDone();
  }
  return (
    <OneTimeLinkPage id="sign-in" title="Sign in on this device" spend={spend} onLobby={onDone}>
      <p>This link signs this browser in with your e-mail address: your games from your other devices are then listed in the lobby, each a click from its seat. It works once.</p>
    </OneTimeLinkPage>
  );
}
