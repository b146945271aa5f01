/**
 * Produces the storefront's own media, committed in apps/web/public so builds and CI need no tools:
 *   /tone.wav            a short two-note chime, PCM samples written directly (no ffmpeg needed)
 *   /videos/intro.mp4    a few seconds of animated title cards: frames drawn with sharp, encoded by ffmpeg
 *   /images/og-default.jpg  the sharing image of the pages without their own (1200 x 630)
 * Run: npx tsx scripts/generate-media.ts   (the video needs ffmpeg on PATH; the rest does not)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'apps', 'web', 'public');

/** Two soft bell notes (E5 then A5) with exponential decay, 16-bit mono PCM at 22.05 kHz. */
function chime(): Buffer {
  const rate = 22050;
  const notes = [
    { freq: 659.25, start: 0, length: 0.45 },
    { freq: 880.0, start: 0.16, length: 0.6 },
  ];
  const total = Math.ceil(rate * 0.8);
  const samples = new Float64Array(total);
  for (const note of notes) {
    const from = Math.floor(note.start * rate);
    const count = Math.floor(note.length * rate);
    for (let i = 0; i < count && from + i < total; i++) {
      const t = i / rate;
      const attack = Math.min(1, t / 0.005);
      const envelope = attack * Math.exp(-t * 7);
      // A bell is mostly its fundamental with a quieter octave partial.
      samples[from + i]! +=
        envelope *
        (0.6 * Math.sin(2 * Math.PI * note.freq * t) + 0.2 * Math.sin(4 * Math.PI * note.freq * t));
    }
  }
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]! * 0.8)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const W = 640;
const H = 360;
const FPS = 24;
const CARDS = [
  { kicker: 'Cubicle Depot', title: 'Workspaces that work', line: 'New and pre-owned office furniture' },
  { kicker: 'Step 01', title: 'Share your floor plan', line: 'Upload a drawing or tell us about your team' },
  { kicker: 'Step 02', title: 'We design your space', line: 'A layout and a clear quote within days' },
  { kicker: 'Step 03', title: 'Approve & schedule', line: 'Pick the furniture and a delivery date' },
  { kicker: 'Step 04', title: 'We deliver & install', line: 'Ready to work on day one' },
];
const CARD_SECONDS = 1.2;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function frameSvg(frame: number): string {
  const t = frame / FPS;
  const index = Math.min(CARDS.length - 1, Math.floor(t / CARD_SECONDS));
  const local = t - index * CARD_SECONDS;
  const card = CARDS[index]!;
  const fade = Math.min(
    1,
    local / 0.35,
    (CARD_SECONDS - local) / 0.25 + (index === CARDS.length - 1 ? 1 : 0),
  );
  const slide = (1 - Math.min(1, local / 0.5)) * 24;
  const progress = (t / (CARDS.length * CARD_SECONDS)) * W;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#10213a"/><stop offset="1" stop-color="#1e3a5f"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <g opacity="0.12" fill="#e8a063">
      <rect x="${420 + index * 8}" y="70" width="150" height="14" rx="3"/>
      <rect x="${440 + index * 8}" y="96" width="12" height="150"/>
      <rect x="${538 + index * 8}" y="96" width="12" height="150"/>
    </g>
    <g opacity="${fade.toFixed(3)}" transform="translate(${slide.toFixed(1)} 0)" font-family="DejaVu Sans, Liberation Sans, sans-serif">
      <text x="48" y="140" fill="#e8a063" font-size="18" font-weight="bold" letter-spacing="3">${esc(card.kicker.toUpperCase())}</text>
      <text x="48" y="192" fill="#ffffff" font-size="38" font-weight="bold">${esc(card.title)}</text>
      <text x="48" y="232" fill="#cbd5e1" font-size="20">${esc(card.line)}</text>
    </g>
    <rect x="0" y="${H - 6}" width="${progress.toFixed(1)}" height="6" fill="#e8a063"/>
  </svg>`;
}

async function introVideo(file: string): Promise<boolean> {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    console.warn('ffmpeg not found: the intro video is left as it is (install ffmpeg to regenerate it)');
    return false;
  }
  const frames = Math.round(CARDS.length * CARD_SECONDS * FPS);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${W}x${H}`,
      '-r',
      String(FPS),
      '-i',
      '-',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<number>((resolve) => ffmpeg.once('exit', (code) => resolve(code ?? 1)));
  for (let f = 0; f < frames; f++) {
    const raw = await sharp(Buffer.from(frameSvg(f)))
      .removeAlpha()
      .raw()
      .toBuffer();
    if (!ffmpeg.stdin.write(raw)) await new Promise((r) => ffmpeg.stdin.once('drain', r));
  }
  ffmpeg.stdin.end();
  if ((await done) !== 0) throw new Error('ffmpeg failed');
  return true;
}

async function ogImage(file: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#10213a"/><stop offset="1" stop-color="#1e3a5f"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#bg)"/>
    <g fill="#e8a063" opacity="0.18"><rect x="760" y="150" width="330" height="26" rx="6"/><rect x="790" y="176" width="22" height="300"/><rect x="1040" y="176" width="22" height="300"/></g>
    <g font-family="DejaVu Sans, Liberation Sans, sans-serif">
      <text x="90" y="250" fill="#e8a063" font-size="34" font-weight="bold" letter-spacing="5">CUBICLE DEPOT</text>
      <text x="90" y="340" fill="#ffffff" font-size="66" font-weight="bold">Office cubicles &amp; furniture</text>
      <text x="90" y="410" fill="#cbd5e1" font-size="34">New and pre-owned. Designed, delivered, installed.</text>
    </g>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(file);
}

await mkdir(path.join(publicDir, 'videos'), { recursive: true });
await mkdir(path.join(publicDir, 'images'), { recursive: true });
await writeFile(path.join(publicDir, 'tone.wav'), chime());
await ogImage(path.join(publicDir, 'images', 'og-default.jpg'));
const video = await introVideo(path.join(publicDir, 'videos', 'intro.mp4'));
console.info(
  `tone.wav, images/og-default.jpg${video ? ', videos/intro.mp4' : ''} written to apps/web/public`,
);
