import type { Drawing } from './catalog-data';

/**
 * Product pictures drawn at seed time (no downloads): a studio backdrop and a simple isometric-style
 * drawing of the piece, in one of several finishes.
 */
const FINISHES = [
  { main: '#3b5b7a', accent: '#c7d3df', wood: '#b98b5e' },
  { main: '#4a4f57', accent: '#d7dadf', wood: '#8a5a3b' },
  { main: '#2f6b5a', accent: '#cfe3dc', wood: '#c9a27a' },
  { main: '#7a4b3b', accent: '#ecd9cf', wood: '#a0714f' },
];

const backdrops = ['#eef2f6', '#f4f1ec', '#edf3f0', '#f3eef2'];

function shapes(drawing: Drawing, f: (typeof FINISHES)[number]): string {
  switch (drawing) {
    case 'cubicle':
      return `
        <rect x="250" y="260" width="40" height="380" rx="6" fill="${f.main}"/>
        <rect x="290" y="260" width="620" height="300" rx="8" fill="${f.main}" opacity="0.85"/>
        <rect x="910" y="260" width="40" height="380" rx="6" fill="${f.main}"/>
        <rect x="310" y="280" width="580" height="90" rx="6" fill="${f.accent}" opacity="0.6"/>
        <rect x="290" y="520" width="620" height="28" rx="4" fill="${f.wood}"/>
        <rect x="330" y="548" width="150" height="150" rx="6" fill="${f.accent}"/>
        <rect x="345" y="565" width="120" height="10" rx="3" fill="${f.main}"/>
        <rect x="345" y="615" width="120" height="10" rx="3" fill="${f.main}"/>
        <rect x="560" y="430" width="170" height="90" rx="6" fill="#1f2933"/>
        <rect x="635" y="500" width="20" height="22" fill="#1f2933"/>`;
    case 'desk':
      return `
        <rect x="220" y="420" width="760" height="40" rx="8" fill="${f.wood}"/>
        <rect x="270" y="460" width="34" height="260" rx="6" fill="${f.main}"/>
        <rect x="896" y="460" width="34" height="260" rx="6" fill="${f.main}"/>
        <rect x="240" y="710" width="94" height="16" rx="6" fill="${f.main}"/>
        <rect x="866" y="710" width="94" height="16" rx="6" fill="${f.main}"/>
        <rect x="520" y="300" width="200" height="120" rx="8" fill="#1f2933"/>
        <rect x="610" y="410" width="20" height="12" fill="#1f2933"/>
        <rect x="700" y="460" width="180" height="150" rx="6" fill="${f.accent}"/>`;
    case 'chair':
      return `
        <rect x="470" y="180" width="260" height="300" rx="60" fill="${f.main}"/>
        <rect x="490" y="200" width="220" height="260" rx="50" fill="${f.accent}" opacity="0.35"/>
        <rect x="440" y="480" width="320" height="70" rx="30" fill="${f.main}"/>
        <rect x="400" y="430" width="40" height="110" rx="14" fill="#2b2f36"/>
        <rect x="760" y="430" width="40" height="110" rx="14" fill="#2b2f36"/>
        <rect x="588" y="550" width="24" height="130" fill="#2b2f36"/>
        <path d="M600 680 L430 730 M600 680 L770 730 M600 680 L600 750 M600 680 L480 760 M600 680 L720 760" stroke="#2b2f36" stroke-width="18" stroke-linecap="round"/>
        <circle cx="430" cy="735" r="16" fill="#111"/><circle cx="770" cy="735" r="16" fill="#111"/>
        <circle cx="480" cy="765" r="16" fill="#111"/><circle cx="720" cy="765" r="16" fill="#111"/>`;
    case 'storage':
      return `
        <rect x="420" y="200" width="360" height="540" rx="10" fill="${f.main}"/>
        ${[0, 1, 2, 3]
          .map(
            (i) => `<rect x="440" y="${220 + i * 128}" width="320" height="112" rx="6" fill="${f.accent}"/>
        <rect x="560" y="${262 + i * 128}" width="80" height="14" rx="7" fill="${f.main}"/>`,
          )
          .join('')}`;
    case 'table':
      return `
        <ellipse cx="600" cy="450" rx="400" ry="110" fill="${f.wood}"/>
        <ellipse cx="600" cy="440" rx="400" ry="110" fill="${f.wood}" opacity="0.9"/>
        <rect x="440" y="500" width="30" height="220" rx="8" fill="${f.main}"/>
        <rect x="730" y="500" width="30" height="220" rx="8" fill="${f.main}"/>
        ${[260, 420, 780, 940]
          .map(
            (x) =>
              `<rect x="${x - 40}" y="300" width="80" height="90" rx="20" fill="${f.main}" opacity="0.8"/>`,
          )
          .join('')}`;
    case 'lounge':
      return `
        <rect x="230" y="330" width="740" height="200" rx="40" fill="${f.main}"/>
        <rect x="200" y="430" width="800" height="170" rx="40" fill="${f.main}"/>
        <rect x="260" y="450" width="220" height="80" rx="24" fill="${f.accent}" opacity="0.5"/>
        <rect x="490" y="450" width="220" height="80" rx="24" fill="${f.accent}" opacity="0.5"/>
        <rect x="720" y="450" width="220" height="80" rx="24" fill="${f.accent}" opacity="0.5"/>
        <rect x="250" y="600" width="24" height="90" fill="${f.wood}"/><rect x="926" y="600" width="24" height="90" fill="${f.wood}"/>`;
    case 'accessory':
      return `
        <rect x="300" y="560" width="600" height="30" rx="8" fill="${f.wood}"/>
        <rect x="420" y="240" width="360" height="220" rx="12" fill="#1f2933"/>
        <rect x="436" y="256" width="328" height="188" rx="6" fill="${f.accent}"/>
        <path d="M600 460 L600 520 L700 560" stroke="${f.main}" stroke-width="22" fill="none" stroke-linecap="round"/>
        <circle cx="780" cy="300" r="0"/>
        <path d="M330 560 L330 380 L400 330" stroke="${f.main}" stroke-width="14" fill="none" stroke-linecap="round"/>
        <ellipse cx="410" cy="330" rx="40" ry="18" fill="${f.main}"/>`;
  }
}

export function productSvg(drawing: Drawing, finish: number, view: number): string {
  const f = FINISHES[finish % FINISHES.length]!;
  const bg = backdrops[(finish + view) % backdrops.length]!;
  const zoom = view === 0 ? 1 : view === 1 ? 1.18 : 0.9;
  const shift = view === 1 ? -110 : view === 2 ? 60 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#bg)"/>
    <ellipse cx="600" cy="780" rx="430" ry="40" fill="#000" opacity="0.08"/>
    <g transform="translate(${600 + shift} 450) scale(${zoom}) translate(-600 -450)">${shapes(drawing, f)}</g>
  </svg>`;
}
