// The adjourn controls (AdjournControls.tsx) in a chunk of their own, fetched when the table opens.
import { later } from "../later.tsx";

export const AdjournControlsLater = later(() => import("./AdjournControls.tsx").then((m) => m.AdjournControls));
