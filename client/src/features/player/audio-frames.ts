/**
 * Runs `onFrame` every animation frame while the song plays, and after a pause until `onFrame` answers that what it
 * shows has settled (the meters and the spectrum fall back to nothing as the last sound fades). A paused player then
 * asks the browser for no frames: a loop every frame kept an idle player's page busy repainting nothing new.
 * Answers the cancel, for an effect's clean-up.
 */
export function audioFrames(isPlaying: boolean, onFrame: () => boolean): () => void {
  let frame = requestAnimationFrame(function tick() {
    const moving = onFrame();
    if (isPlaying || moving) frame = requestAnimationFrame(tick);
  });
  return () => cancelAnimationFrame(frame);
}
