// A seat opened with one of its keys somewhere else (a reload, another tab, a seat link spent on
// another device) closes the connection that held it, with code 4000 and this reason. The page it
// closed says so, and offers to play here again: its browser still holds a key to the seat, and only
// one connection plays a seat at a time. The same sentence for every seat: it tells nothing of any.
export const SEAT_PLAYED_ELSEWHERE = "Your seat is now being played from another device or browser tab.";
