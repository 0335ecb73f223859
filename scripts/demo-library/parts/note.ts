/** A pitched note in seconds, as every part hands it to its instrument. */
export interface Note {
  start: number;
  end: number;
  midi: number;
  velocity: number;
}
