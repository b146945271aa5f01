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
  await Promise.all(
    [...view.photoKeys].map(async ([lineId, key]) => {
      const png = await photoPng(opts.storage, key);
      if (png) photos.set(lineId, png);
    }),
  );

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    info: { Title: `Proposal ${view.number} v${view.version}`, Author: opts.shopName },
  });
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
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(opts.shopName.slice(0, 2).toUpperCase(), left, 60, { width: 36, align: 'center' });
  doc
    .fillColor(INK)
    .fontSize(18)
    .text(opts.shopName, left + 48, 58);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text('Office furniture, design and installation', left + 48, 78);

  doc.moveDown(2);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(`Proposal ${view.number}`, left, 110);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Version ${view.version} - ${view.status}`);
  doc.text(`Date: ${formatDay(zonedDay(new Date(view.sent_at ?? view.created_at), opts.timeZone))}`);
  doc.text(`Valid until: ${formatDay(view.valid_until)}`);

  doc.moveDown();
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Prepared for');
  doc.font('Helvetica').fontSize(10).text(view.customer.name);
  if (view.customer.company_name) doc.text(view.customer.company_name);
  doc.text(view.customer.email);
  if (view.design_slug) doc.fillColor(MUTED).text(`Design ${view.design_slug}`);

  // Lines.
  doc.moveDown();
  const cols = {
    photo: left,
    name: left + 60,
    qty: left + 290,
    price: left + 330,
    disc: left + 400,
    total: left + 445,
  };
  const header = (y: number) => {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
    doc.text('Item', cols.name, y);
    doc.text('Qty', cols.qty, y, { width: 35, align: 'right' });
    doc.text('Unit price', cols.price, y, { width: 65, align: 'right' });
    doc.text('Discount', cols.disc, y, { width: 40, align: 'right' });
    doc.text('Total', cols.total, y, { width: width - (cols.total - left), align: 'right' });
    doc
      .moveTo(left, y + 14)
      .lineTo(left + width, y + 14)
      .strokeColor('#d1d5db')
      .stroke();
    return y + 20;
  };
  let y = header(doc.y);
  for (const line of view.lines) {
    const rowHeight = 56;
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom - 120) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const photo = photos.get(line.id);
    if (photo) doc.image(photo, cols.photo, y, { fit: [48, 48] });
    doc
      .fillColor(line.declined ? MUTED : INK)
      .font('Helvetica')
      .fontSize(10);
    doc.text(line.name, cols.name, y, { width: 220 });
    if (line.sku) doc.fillColor(MUTED).fontSize(8).text(`SKU ${line.sku}`, cols.name, doc.y, { width: 220 });
    if (line.declined) doc.fillColor(MUTED).fontSize(8).text('Declined', cols.name, doc.y);
    doc.fillColor(INK).fontSize(10);
    doc.text(String(line.quantity), cols.qty, y, { width: 35, align: 'right' });
    doc.text(line.unit_price, cols.price, y, { width: 65, align: 'right' });
    doc.text(Number(line.discount) ? `${line.discount}%` : '-', cols.disc, y, { width: 40, align: 'right' });
    doc.text(line.total, cols.total, y, { width: width - (cols.total - left), align: 'right' });
    y += rowHeight;
  }

  // Totals.
  const label = left + 300;
  const amount = (text: string, yy: number, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(INK)
      .fontSize(bold ? 12 : 10);
    doc.text(text, label + 100, yy, { width: width - 400, align: 'right' });
  };
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text('Subtotal', label, y);
  amount(money(view.subtotal, view.currency), y);
  doc.font('Helvetica').text(`Tax (${view.tax_rate}%)`, label, y + 16);
  amount(money(view.tax, view.currency), y + 16);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total', label, y + 34);
  amount(money(view.total, view.currency), y + 34, true);
  doc.x = left;
  doc.y = y + 64;

  if (view.notes) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Notes', left);
    doc.font('Helvetica').fontSize(10).text(view.notes, { width });
    doc.moveDown();
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Terms', left);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${PROPOSAL_MESSAGES.terms} Valid until ${formatDay(view.valid_until)}.`, { width });

  doc.end();
  return done;
}
