/**
 * Halving a signal's sample rate, chunk by chunk: a 23-tap half-band low-pass (a Blackman-windowed
 * sinc, centred: no delay) keeps every second sample. Flat to about 5.5 kHz of 44.1 kHz input,
 * and what would fold below 5 kHz (above 17 kHz) is more than 70 dB down: the chroma reads up to
 * 5 kHz and the key up to 3.5 kHz.
 */

/** Taps either side of the centre; the even ones (but the centre) are zero in a half-band filter. */
const reach = 11;
const taps = halfBandTaps();

function halfBandTaps(): Float64Array {
  const h = new Float64Array(reach + 1);
  for (let k = 0; k <= reach; k++) {
    const sinc = k === 0 ? 1 : Math.sin((Math.PI * k) / 2) / ((Math.PI * k) / 2);
    const x = (k + reach + 1) / (2 * reach + 2);
    const blackman = 0.42 - 0.5 * Math.cos(2 * Math.PI * x) + 0.08 * Math.cos(4 * Math.PI * x);
    h[k] = 0.5 * sinc * blackman;
  }
  // Unit gain at 0 Hz.
  let sum = h[0]!;
  for (let k = 1; k <= reach; k++) sum += 2 * h[k]!;
  for (let k = 0; k <= reach; k++) h[k]! /= sum;
  return h;
}

/** Output sample m is input sample 2m filtered; zeros are taken before the first and after the last input. */
export class HalfRate {
  /** Input from sample 2 * next - reach on (zeros before the start). */
  private held: Float32Array = new Float32Array(reach);
  private next = 0;
  private received = 0;

  push(input: Float32Array): Float32Array {
    this.received += input.length;
    const data = new Float32Array(this.held.length + input.length);
    data.set(this.held);
    data.set(input, this.held.length);
    return this.filter(data, Math.max(0, Math.floor((data.length - 2 * reach - 1) / 2) + 1));
  }

  /** The outputs still owed once the input has ended. */
  flush(): Float32Array {
    const data = new Float32Array(this.held.length + 2 * reach);
    data.set(this.held);
    const owed = Math.ceil(this.received / 2) - this.next;
    return this.filter(data, Math.max(0, owed));
  }

  /** `count` outputs from `data` (which starts at input sample 2 * next - reach); keeps the rest. */
  private filter(data: Float32Array, count: number): Float32Array {
    const output = new Float32Array(count);
    // The six non-zero pairs of taps, unrolled: this runs for every sample of every stem.
    const [h0, h1, , h3, , h5, , h7, , h9, , h11] = taps as unknown as number[];
    for (let m = 0, c = reach; m < count; m++, c += 2) {
      output[m] =
        h0! * data[c]! +
        h1! * (data[c - 1]! + data[c + 1]!) +
        h3! * (data[c - 3]! + data[c + 3]!) +
        h5! * (data[c - 5]! + data[c + 5]!) +
        h7! * (data[c - 7]! + data[c + 7]!) +
        h9! * (data[c - 9]! + data[c + 9]!) +
        h11! * (data[c - 11]! + data[c + 11]!);
    }
    this.next += count;
    this.held = data.slice(2 * count);
    return output;
  }
}

/** A whole signal at half its rate: the chunked filter's output in one array. */
export function halveWhole(signal: Float32Array): Float32Array {
  const halfRate = new HalfRate();
  const body = halfRate.push(signal);
  const tail = halfRate.flush();
  const whole = new Float32Array(body.length + tail.length);
  whole.set(body);
  whole.set(tail, body.length);
  return whole;
}
