// "Your games on every device": give an e-mail address once, open the mailed sign-in link on each device,
// and the games of every device signed in with it are listed here; "Take your seat here" gives this
// device its own key to a seat (as a seat link does). No password. The address is shown masked, and
// "Forget my address" removes it from the server.
import { useEffect, useState } from "preact/hooks";
import { ApiError, meetingText } from "../net/api.ts";
import { contactGames, forgetAddress, mailSignIn, takeSeat, type ContactGame } from "../net/contact-api.ts";
import { rememberContactKey, rememberSeat, rememberedContactKey, rememberedSeats } from "../net/seat-memory.ts";

/** This browser's seats sent to be tied to the address (the server takes at most 20 a request). */
const SEATS_TIED = 20;

function state(g: ContactGame): string {
  if (g.status === "adjourned") return g.meetAt ? `adjourned until ${meetingText(g.meetAt)}` : "adjourned";
  return g.status === "playing" ? "in play" : "waiting for players";
}

export function YourAddress({ busy, onTaken }: { busy: boolean; onTaken(code: string): void }) {
  const [key, setKey] = useState(rememberedContactKey);
  const [address, setAddress] = useState("");
  const [games, setGames] = useState<ContactGame[]>([]);
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (!key) return;
    const seats = rememberedSeats(SEATS_TIED).map(({ code, seat }) => ({ code, seatToken: seat.seatToken }));
    contactGames(key, seats).then((r) => { setAddress(r.address); setGames(r.games); }, (e: Error) => {
      if (e instanceof ApiError && e.code === "bad-contact-key") { rememberContactKey(null); setKey(null); } else setProblem(e.message);
    });
  }, [key]);

  async function act(fn: () => Promise<void>) {
    setWorking(true); setProblem(""); setNote("");
    try { await fn(); } catch (e) { setProblem((e as Error).message); } finally { setWorking(false); }
  }
  const send = () => act(async () => {
    await mailSignIn(email.trim());
    setNote(`A sign-in link is on its way to ${email.trim()}. Open it on each device you play on.`);
    setEmail("");
  });
  const take = (code: string) => act(async () => {
    const r = await takeSeat(key!, code);
    rememberSeat(r.code, { seat: r.seat, seatToken: r.seatToken, name: r.name });
    onTaken(r.code);
  });
  const forget = () => act(async () => {
    await forgetAddress(key!);
    rememberContactKey(null);
    setKey(null); setGames([]); setAddress("");
    setNote("Your address is forgotten: your games stay on the devices that hold them.");
  });

  const elsewhere = games.filter((g) => !g.here);
  return (
    <section class="panel your-address" aria-labelledby="address-h" data-testid="your-address">
      <h2 id="address-h">Your games on every device</h2>
      {key ? (
        <>
          <p data-testid="address-signed-in">Signed in as <strong>{address || "your address"}</strong>. The games you play on any device signed in with it are listed here.</p>
          {elsewhere.length > 0 ? (
            <ul class="tables">
              {elsewhere.map((g) => (
                <li key={g.code}>
                  <span><span class="code">{g.code}</span> · you are {g.name} · {state(g)}</span>
                  <button type="button" disabled={busy || working} data-testid="take-seat-here" onClick={() => void take(g.code)}>Take your seat here</button>
                </li>
              ))}
            </ul>
          ) : <p class="muted small" data-testid="address-no-others">No game waits on another device.</p>}
          <p><button type="button" class="link" disabled={working} onClick={() => void forget()} data-testid="address-forget">Forget my address</button></p>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <p class="muted small">Play on your phone and your computer: give your e-mail address, open the link we mail you on each device, and your games follow you. No password; we mail you only the links you ask for and, if you turn them on, word that it is your move.</p>
          <div class="row">
            <label class="field"><span>E-mail address</span>
              <input type="email" data-testid="address-email" value={email} maxLength={254} autoComplete="email"
                onInput={(e) => setEmail(e.currentTarget.value)} /></label>
            <button type="submit" class="secondary" disabled={working || !email.trim()} data-testid="address-send">Mail me a sign-in link</button>
          </div>
        </form>
      )}
      {note && <p role="status" data-testid="address-note">{note}</p>}
      {problem && <p class="refusal" role="alert" data-testid="address-error">{problem}</p>}
    </section>
  );
}
