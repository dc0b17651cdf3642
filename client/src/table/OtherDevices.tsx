// "Open this seat on another device": a one-time link (text, copy button, QR code; by mail when the
// server sends mail), and this seat's devices, with "sign the other out". The key stays in this
// browser: the server answers only its holder.
import { useEffect, useRef, useState } from "preact/hooks";
import { PushNudges } from "./PushNudges.tsx";
import { NudgeSettings } from "./NudgeSettings.tsx";
import { askSeatLink, mailSeatLink, seatDevices, signOutOthers, type SeatDevice, type SeatLink } from "../net/seat-keys-api.ts";

const when = (ms: number) => new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(ms);

export function OtherDevices({ open, code, seatToken, onClose }: { open: boolean; code: string; seatToken: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [link, setLink] = useState<SeatLink | null>(null);
  const [devices, setDevices] = useState<SeatDevice[] | null>(null);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    if (!open) return;
    setProblem(""); setNote("");
    seatDevices(code, seatToken).then((r) => setDevices(r.devices), (e: Error) => setProblem(e.message));
  }, [open]);

  async function act(fn: () => Promise<void>) {
    setBusy(true); setProblem(""); setNote("");
    try { await fn(); } catch (e) { setProblem((e as Error).message); } finally { setBusy(false); }
  }
  const makeLink = () => act(async () => setLink(await askSeatLink(code, seatToken)));
  const copy = () => act(async () => {
    // The clipboard needs a secure page (https, or localhost); elsewhere the link is selected to copy by hand.
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(link!.link);
      setNote("Link copied.");
    } else {
      ref.current?.querySelector<HTMLInputElement>("[data-testid=seat-link]")?.select();
      setNote("The link is selected: copy it with your device's copy command.");
    }
  });
  const mail = () => act(async () => { await mailSeatLink(code, seatToken, email.trim()); setNote(`Sent. The link works once, until ${when(Date.now() + 72 * 3600_000)}.`); setEmail(""); });
  const signOut = () => act(async () => {
    const r = await signOutOthers(code, seatToken);
    setNote(r.signedOut === 0 ? "No other device was signed in." : `Signed ${r.signedOut === 1 ? "the other device" : `${r.signedOut} devices`} out.`);
    setLink(null);
    setDevices((await seatDevices(code, seatToken)).devices);
  });
  const others = devices ? devices.length - 1 : 0;

  return (
    <dialog ref={ref} class="leave-dialog devices-dialog" aria-labelledby="devices-h" data-testid="devices-dialog" onClose={onClose}>
      <h2 id="devices-h">Open this seat on another device</h2>
      <p>A link takes your seat to your phone or another computer. It works once, for 72 hours: keep it to yourself.</p>
      {link ? (
        <div class="seat-link">
          <img src={link.qr} alt="QR code of the seat link" width={180} height={180} data-testid="seat-link-qr" />
          <div>
            <input class="seat-link-text" readOnly value={link.link} aria-label="Seat link" data-testid="seat-link" onFocus={(e) => e.currentTarget.select()} />
            <div class="row">
              <button type="button" disabled={busy} onClick={() => void copy()} data-testid="seat-link-copy">Copy the link</button>
            </div>
            <p class="muted small">Works until {when(link.expiresAt)}. Scan the code with the other device's camera, or send yourself the link.</p>
            {link.mail && (
              <form class="row" onSubmit={(e) => { e.preventDefault(); void mail(); }}>
                <label class="field"><span>Or e-mail it to</span>
                  <input type="email" value={email} maxLength={254} autoComplete="email" data-testid="seat-link-email" onInput={(e) => setEmail(e.currentTarget.value)} />
                </label>
                <button type="submit" class="secondary" disabled={busy || !email.trim()} data-testid="seat-link-mail">Send</button>
              </form>
            )}
          </div>
        </div>
      ) : (
        <p><button type="button" disabled={busy} onClick={() => void makeLink()} data-testid="seat-link-make">Make a link</button></p>
      )}
      <h3>Your devices</h3>
      <p data-testid="devices-count">{devices === null ? "…" : `Signed in on ${devices.length} device${devices.length === 1 ? "" : "s"}.`}
        {others > 0 && <> <button type="button" class="link" disabled={busy} onClick={() => void signOut()} data-testid="sign-out-others">
          {others === 1 ? "Sign the other out" : "Sign the others out"}</button></>}
      </p>
      <PushNudges code={code} seatToken={seatToken} /><NudgeSettings code={code} seatToken={seatToken} />
      {note && <p role="status" data-testid="devices-note">{note}</p>}
      {problem && <p class="refusal" role="alert">{problem}</p>}
      <div class="row"><button type="button" class="secondary" onClick={onClose} data-testid="devices-close">Close</button></div>
    </dialog>
  );
}
