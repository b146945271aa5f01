import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PROPOSAL_MESSAGES } from '@shop/contracts';
import type { FileStorage } from '../../platform/files/storage';
import { TtlCache } from '../../platform/ttl-cache';
import { zonedDay } from '../scheduling/shop-time';
import type { ProposalView } from './present';
import { formatDay, groupedAmount } from './money';

const INK = '#1f2937';
const MUTED = '#6b7280';
const BRAND = '#1e3a5f';

/**
 * Photos converted for PDFs lately, per storage: a PDF asked for again, or another with the same products, converts
 * none of them again (a proposal has up to 200 lines, a few milliseconds of image work each). A key names one
 * stored image for good (a new photo gets a new key), so an entry never goes stale; 500 of them are a few MB.
 */
const convertedPhotos = new WeakMap<FileStorage, TtlCache<Buffer | null>>();
const PHOTO_CACHE_MS = 60 * 60_000;

function photoPng(storage: FileStorage, key: string): Promise<Buffer | null> {
  let cache = convertedPhotos.get(storage);
  if (!cache) convertedPhotos.set(storage, (cache = new TtlCache<Buffer | null>(PHOTO_CACHE_MS, 500)));
  return cache.get(key, () => convertPhoto(storage, key));
}

/** A stored WebP variant as PNG (PDFKit reads PNG and JPEG only); null when it cannot be read. */
async function convertPhoto(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    const file = await storage.read(`${key}/320.webp`);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return await sharp(Buffer.concat(chunks)).resize(96, 96, { fit: 'inside' }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * The PDF's typeface, DejaVu Sans, embedded (only the glyphs a proposal uses). PDFKit's built-in Helvetica writes
 * Windows-1252 only: a customer named Łukasz, Dvořák, Nguyễn or Петров, or notes with an arrow, came out as
 * garbage. DejaVu covers the Latin, Greek and Cyrillic alphabets and their accents; a script it lacks (Chinese,
 * Japanese) shows as empty boxes. The files are read and parsed once per process: PDFKit takes a parsed font
 * (fontkit's, which it uses itself) as well as a file, and parsing the files again for every PDF took 40 ms of it.
 */
const FONT = 'Sans';
const BOLD = 'Sans-Bold';
const fontFiles = createRequire(import.meta.url);
let fonts: Promise<[Font, Font]> | undefined;
async function parseFont(file: string): Promise<Font> {
  const font = openFont(await readFile(fontFiles.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}
function loadFonts(): Promise<[Font, Font]> {
  fonts ??= Promise.all([parseFont('DejaVuSans.ttf'), parseFont('DejaVuSans-Bold.ttf')]).catch(
    (error: unknown) => {
      fonts = undefined;
      throw error;
    },
  );
  return fonts;
}
/** PDFKit's font factory takes a parsed font (anything with `layout`), which its type declarations leave out. */
const asFontSource = (font: Font) => font as unknown as Buffer;

const money = (amount: string, currency: string) => `${currency} ${groupedAmount(amount)}`;

/** The proposal as a PDF: the shop's name and mark, the customer, the lines with photos, totals, validity, terms. */
export async function renderProposalPdf(
  view: ProposalView,
  opts: {
    shopName: string;
    storage: FileStorage;
    compress?: boolean;
    /** The shop's timezone, for the date. */
    timeZone: string;
  },
): Promise<Buffer> {
  const photos = new Map<number, Buffer>();
  const [[regular, bold]] = await Promise.all([
    loadFonts(),
    ...[...view.photoKeys].map(async ([lineId, key]) => {
      const png = await photoPng(opts.storage, key);
      if (png) photos.set(lineId, png);
    }),
  ]);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    info: { Title: `Proposal ${view.number} v${view.version}`, Author: opts.shopName },
  });
  doc.registerFont(FONT, asFontSource(regular));
  doc.registerFont(BOLD, asFontSource(bold));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The shop's mark and name.
  doc.save().roundedRect(left, 50, 36, 36, 6).fill(BRAND).restore();
  doc
    .fillColor('#ffffff')
    .font(BOLD)
    .fontSize(16)
    .text(opts.shopName.slice(0, 2).toUpperCase(), left, 60, { width: 36, align: 'center' });
  doc
    .fillColor(INK)
    .fontSize(18)
    .text(opts.shopName, left + 48, 58);
  doc
    .fillColor(MUTED)
    .font(FONT)
    .fontSize(10)
    .text('Office furniture, design and installation', left + 48, 78);

  doc.moveDown(2);
  doc.fillColor(INK).font(BOLD).fontSize(16).text(`Proposal ${view.number}`, left, 110);
  doc.font(FONT).fontSize(10).fillColor(MUTED);
  doc.text(`Version ${view.version} - ${view.status}`);
  doc.text(`Date: ${formatDay(zonedDay(new Date(view.sent_at ?? view.created_at), opts.timeZone))}`);
  doc.text(`Valid until: ${formatDay(view.valid_until)}`);

  doc.moveDown();
  doc.fillColor(INK).font(BOLD).fontSize(11).text('Prepared for');
  doc.font(FONT).fontSize(10).text(view.customer.name);
  if (view.customer.company_name) doc.text(view.customer.company_name);
  doc.text(view.customer.email);
  if (view.design_slug) doc.fillColor(MUTED).text(`Design ${view.design_slug}`);

  // Lines: the item (its name wrapped, its SKU under it) and four right-aligned figures; a row as tall as its name.
  doc.moveDown();
  const cols = {
    photo: { x: left, width: 48 },
    name: { x: left + 60, width: 170 },
    qty: { x: left + 235, width: 35 },
    price: { x: left + 275, width: 70 },
    disc: { x: left + 350, width: 50 },
    total: { x: left + 405, width: width - 405 },
  };
  /**
   * A figure on one line, right-aligned in its column: an amount too long for its size (a line of a hundred
   * thousand units at a high price) is written smaller rather than broken over two lines.
   */
  const figure = (text: string, col: { x: number; width: number }, y: number, size: number) => {
    doc.fontSize(size);
    const fits = Math.min(size, (size * col.width) / Math.max(1, doc.widthOfString(text)));
    doc.fontSize(fits).text(text, col.x, y + (size - fits) / 2, {
      width: col.width,
      align: 'right',
      lineBreak: false,
    });
    doc.fontSize(size);
  };
  const header = (y: number) => {
    doc.fillColor(MUTED).font(BOLD).fontSize(9);
    doc.text('Item', cols.name.x, y);
    figure('Qty', cols.qty, y, 9);
    figure('Unit price', cols.price, y, 9);
    figure('Discount', cols.disc, y, 9);
    figure('Total', cols.total, y, 9);
    doc
      .moveTo(left, y + 14)
      .lineTo(left + width, y + 14)
      .strokeColor('#d1d5db')
      .stroke();
    return y + 20;
  };
  let y = header(doc.y);
  for (const line of view.lines) {
    doc.font(FONT).fontSize(10);
    const nameHeight = doc.heightOfString(line.name, { width: cols.name.width });
    doc.fontSize(8);
    const notesHeight =
      (line.sku ? doc.heightOfString(`SKU ${line.sku}`, { width: cols.name.width }) : 0) +
      (line.declined ? doc.heightOfString('Declined') : 0);
    const rowHeight = Math.max(56, nameHeight + notesHeight + 12);
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom - 120) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const photo = photos.get(line.id);
    if (photo) doc.image(photo, cols.photo.x, y, { fit: [cols.photo.width, cols.photo.width] });
    doc
      .fillColor(line.declined ? MUTED : INK)
      .font(FONT)
      .fontSize(10);
    doc.text(line.name, cols.name.x, y, { width: cols.name.width });
    if (line.sku)
      doc
        .fillColor(MUTED)
        .fontSize(8)
        .text(`SKU ${line.sku}`, cols.name.x, doc.y, { width: cols.name.width });
    if (line.declined) doc.fillColor(MUTED).fontSize(8).text('Declined', cols.name.x, doc.y);
    doc.fillColor(INK);
    figure(line.quantity.toLocaleString('en-US'), cols.qty, y, 10);
    figure(groupedAmount(line.unit_price), cols.price, y, 10);
    figure(Number(line.discount) ? `${line.discount}%` : '-', cols.disc, y, 10);
    figure(groupedAmount(line.total), cols.total, y, 10);
    y += rowHeight;
  }

  // Totals: each label on the left of the block, its amount right-aligned at the page's edge.
  const block = { x: left + 260, width: width - 260 };
  const total = (label: string, amount: string, yy: number, bold = false) => {
    const size = bold ? 12 : 10;
    doc
      .font(bold ? BOLD : FONT)
      .fillColor(INK)
      .fontSize(size);
    doc.text(label, block.x, yy, { lineBreak: false });
    const room = { x: block.x + doc.widthOfString(label) + 12, width: 0 };
    room.width = block.x + block.width - room.x;
    figure(money(amount, view.currency), room, yy, size);
  };
  total('Subtotal', view.subtotal, y);
  total(`Tax (${view.tax_rate}%)`, view.tax, y + 16);
  total('Total', view.total, y + 34, true);
  doc.x = left;
  doc.y = y + 64;

  if (view.notes) {
    doc.font(BOLD).fontSize(11).fillColor(INK).text('Notes', left);
    doc.font(FONT).fontSize(10).text(view.notes, { width });
    doc.moveDown();
  }
  doc.font(BOLD).fontSize(11).fillColor(INK).text('Terms', left);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${PROPOSAL_MESSAGES.terms} Valid until ${formatDay(view.valid_until)}.`, { width });

  doc.end();
  return done;
}
