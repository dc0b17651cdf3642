import { useEffect, useState } from "preact/hooks";
import { Lobby } from "./lobby/Lobby.tsx";
import { TableSession } from "./net/session.ts";
import { rememberedSeat } from "./net/seat-memory.ts";
import { ApiError, cleanCode, findTable } from "./net/api.ts";
import { ConnectionState } from "./ConnectionState.tsx";
import { SeatLinkPage } from "./lobby/SeatLinkPage.tsx";
import { seatLinkInUrl } from "./net/seat-keys-api.ts";
import { SignInPage } from "./lobby/SignInPage.tsx";
import { signInInUrl } from "./net/contact-api.ts";
import { later } from "./later.tsx";

// The table's screens come in chunks of their own: the lobby is the first paint.
const TableScreen = later(() => import("./table/TableScreen.tsx").then((m) => m.TableScreen), <p class="muted" role="status">Opening the table…</p>);
const FinishedTable = later(() => import("./table/FinishedTable.tsx").then((m) => m.FinishedTable), <p class="muted" role="status">Opening the results…</p>);

/** The address bar names the table you are at (`?join=CODE`, plus `&watch=1` for spectators), so a
 * reload takes you back, and the address is also the invite link. */
function tableInUrl(): { code: string; watch: boolean } | null {
  const q = new URLSearchParams(location.search);
  const code = q.get("join");
  return code ? { code: cleanCode(code), watch: q.get("watch") === "1" } : null;
}

function showTableInUrl(session: TableSession | null): void {
  const url = session ? `/?join=${encodeURIComponent(session.code)}${session.spectator ? "&watch=1" : ""}` : "/";
  history.replaceState(null, "", url);
}

export function App() {
  const [session, setSession] = useState<TableSession | null>(null);
  const [resuming, setResuming] = useState<boolean>(() => {
    const t = tableInUrl();
    return !!t && (t.watch || rememberedSeat(t.code) !== null);
  });
  const [problem, setProblem] = useState("");
  // A finished table's code or link opens its results, replay and rematch.
  const [finished, setFinished] = useState<{ code: string; replay: boolean } | null>(null);
  // A seat link opened here (#seat-link=…): its Continue page, until it is used or put aside.
  const [seatLink, setSeatLink] = useState(seatLinkInUrl);
  // A sign-in link opened here (#sign-in=…): its Continue page.
  const [signIn, setSignIn] = useState(signInInUrl);
  // A link opened in a tab already at the lobby changes only the fragment: no reload.
  useEffect(() => {
    const read = () => { if (signInInUrl()) setSignIn(signInInUrl()); if (seatLinkInUrl()) setSeatLink(seatLinkInUrl()); };
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  // After a reload: back into your seat (this browser holds its token) or back to watching.
  useEffect(() => {
    const t = tableInUrl();
    if (!t) return;
    findTable(t.code).then((info) => info.status === "finished" ? info.code : null, () => null).then((over) => {
      if (over) return setFinished({ code: over, replay: new URLSearchParams(location.search).get("replay") === "1" });
      if (!resuming) return;
      return TableSession.join(t.code, { spectator: t.watch })
        .then(enter)
        .catch((e: unknown) => setProblem(`Could not take you back to table ${t.code}. ${e instanceof ApiError ? e.message : "Try again in a moment."}`));
    }).finally(() => setResuming(false));
  }, []);

  function enter(s: TableSession) {
    setSeatLink(null);
    setProblem("");
    setFinished(null);
    setSession(s);
    showTableInUrl(s);
  }

  function leave() {
    session?.leave();
    setSession(null);
    showTableInUrl(null);
  }

  if (session) return <ConnectionState session={session} onLobby={leave}><TableScreen session={session} onLeave={leave} onSwitch={(next) => { session.leave(); enter(next); }} /></ConnectionState>;
  if (finished) return <FinishedTable code={finished.code} replay={finished.replay} onJoined={enter} onLobby={() => { setFinished(null); showTableInUrl(null); }} />;
  if (seatLink) return <SeatLinkPage secret={seatLink} onJoined={enter} onLobby={() => { setSeatLink(null); history.replaceState(null, "", "/"); }} />;
  if (signIn) return <SignInPage secret={signIn} onDone={() => { setSignIn(null); history.replaceState(null, "", "/"); }} />;
  if (resuming) return <main class="shell"><p role="status">Taking you back to your table…</p></main>;
  return <Lobby initialCode={tableInUrl()?.code ?? ""} problem={problem} onJoined={enter} />;
}
