/** Bars drawn for a podcast's waveform. */
export const WAVEFORM_BARS = 120;

/** The loudest sample (absolute) of each of `bars` equal slices of `samples`, scaled so the loudest bar is 1. */
export function computePeaks(samples: ArrayLike<number>, bars = WAVEFORM_BARS): number[] {
  if (samples.length === 0 || bars <= 0) return [];
  const size = samples.length / bars;
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar += 1) {
    const from = Math.floor(bar * size);
    const to = Math.max(from + 1, Math.floor((bar + 1) * size));
    let peak = 0;
    for (let i = from; i < to && i < samples.length; i += 1) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks;
}
