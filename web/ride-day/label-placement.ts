// Where a rider's name goes on the group map (web/ride-day/group-map.tsx): centred under her dot,
// unless that would cut it at the map's edge (a dot near the side showed '_jhfb' of 'ana_jhfb'):
// then it slides along the edge, and above the dot near the bottom. Pure: the map measures.

export interface LabelPlace {
  /** The dot's centre, in px from the map's top left corner. */
  x: number;
  y: number;
  /** The label's size, in px. */
  width: number;
  height: number;
  /** From the dot's centre to the label's top, in px, when the label sits under the dot. */
  below: number;
}

/** Kept between a label and the map's edge, in px. */
export const LABEL_MARGIN = 4;

/**
 * How far to move the label from its place under the dot (`dx` right, `dy` down) to keep it
 * inside a map `mapWidth` × `mapHeight`. A label wider than the map is centred on it.
 */
export function labelShift(
  label: LabelPlace,
  mapWidth: number,
  mapHeight: number,
): { dx: number; dy: number } {
  const left = label.x - label.width / 2;
  const right = label.x + label.width / 2;
  let dx = 0;
  if (label.width + 2 * LABEL_MARGIN >= mapWidth) dx = mapWidth / 2 - label.x;
  else if (left < LABEL_MARGIN) dx = LABEL_MARGIN - left;
  else if (right > mapWidth - LABEL_MARGIN) dx = mapWidth - LABEL_MARGIN - right;
  const bottom = label.y + label.below + label.height;
  // Near the bottom edge the name goes above the dot, as far above its centre as it was below.
  const dy = bottom > mapHeight - LABEL_MARGIN ? -(2 * label.below + label.height) : 0;
  return { dx, dy };
}
