// The felt the table page and the replay share: where each seat sits around it and where
// the card it plays lies in the trick.  Only geometry: each page draws its own seats.

// where `seat` sits on the screen, with seat `me` at the bottom and the others clockwise
// (the next to play on the left, a partner opposite): x, y in % of the felt, the angle,
// the side's name (bottom, top, left, right) and how many places after `me` it is
export function seatSpot(seat, me, n) {
  const k = (seat - me + n) % n;
  const a = (2 * Math.PI * k) / n;
  // on the rim, drawn out towards the corners (|sin|^0.6): the middle stays free for the trick
  const out = (v) => Math.sign(v) * Math.abs(v) ** 0.6;
  const x = 50 - 44 * out(Math.sin(a)), y = 50 + 40 * out(Math.cos(a));
  const name = Math.abs(x - 50) < 12 ? (y > 50 ? "bottom" : "top") : x < 50 ? "left" : "right";
  return { x, y, a, name, k };
}

// where a seat's card lies in the trick: between the middle and the seat
export function trickSpot(spot) {
  return { x: 50 - 14 * Math.sin(spot.a), y: 50 + 21 * Math.cos(spot.a) };
}
