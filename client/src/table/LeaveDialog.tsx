// Leaving a game in progress is confirmed first: the seat is not freed; after the table's grace time for
// absent players, a bot plays it until you come back.
import { useEffect, useRef } from "preact/hooks";

export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="leave-dialog" aria-labelledby="leave-h" data-testid="leave-dialog" onClose={onStay}>
      <h2 id="leave-h">Leave the game?</h2>
      <p>The game goes on without you: after a short wait, a bot plays your seat until you come back.</p>
      <p class="muted">This browser keeps your seat: "Return to your game" in the lobby gives it back to you.</p>
      <div class="row">
        <button type="button" data-testid="leave-stay" onClick={onStay}>Stay at the table</button>
        <button type="button" class="secondary" data-testid="leave-confirm" onClick={onLeave}>Leave, a bot plays for me</button>
      </div>
    </dialog>
  );
}
