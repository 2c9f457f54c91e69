// Server image pipeline on a 12 MP JPEG: the time of one upload (median of 5) and of four at
// once, with the peak rise of the process's resident memory during the four.
//
//   npx tsx scripts/bench/image.bench.ts
import sharp from 'sharp';
import { processImage } from '../../server/media/image-pipeline';

export interface ImageFigures {
  singleSeconds: number;
  fourConcurrentSeconds: number;
  peakRssRiseMiB: number;
}

/** A 4000 x 3000 JPEG of smooth shapes with fine grain, so it encodes (and decodes) like a photo. */
async function photo(): Promise<Buffer> {
  const coarse = Buffer.alloc(200 * 150 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = (i * 2654435761) % 256;
  const smooth = await sharp(coarse, { raw: { width: 200, height: 150, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < smooth.length; i += 7) smooth[i] = Math.min(255, smooth[i]! + ((i >> 3) % 9));
  return sharp(smooth, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchImages(): Promise<ImageFigures> {
  const jpeg = await photo();
  await processImage(jpeg); // warm-up (library load)
  const singles: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await processImage(jpeg);
    singles.push((performance.now() - started) / 1000);
  }
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  await Promise.all([0, 1, 2, 3].map(() => processImage(jpeg)));
  const fourConcurrentSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { singleSeconds: median(singles), fourConcurrentSeconds, peakRssRiseMiB: (peak - baseline) / 1024 / 1024 };
}

if (process.argv[1]?.endsWith('image.bench.ts')) {
  const figures = await benchImages();
  process.stdout.write(
    `12 MP JPEG: ${figures.singleSeconds.toFixed(3)} s each (median of 5); 4 at once ${figures.fourConcurrentSeconds.toFixed(2)} s, peak RSS rise ${figures.peakRssRiseMiB.toFixed(0)} MiB\n`,
  );
}
