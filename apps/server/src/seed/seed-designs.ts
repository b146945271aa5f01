import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../context';
import { randomKey } from '../platform/files/storage';
import { designNumber } from '../modules/designs/submit-design';
import * as q from '../modules/designs/queries';
import { users } from '../db/schema/users';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './demo-accounts';

/** A one-page PDF with a few lines of text, written by hand so the seed needs no PDF library. */
export function simplePdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 16 Tf 56 780 Td 22 TL ${lines.map((l) => `(${escape(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small floor plan drawing: an outline, desks in rows and a meeting room. */
async function floorPlanPng(desks: number): Promise<Buffer> {
  const cells = Array.from({ length: desks }, (_, i) => {
    const x = 40 + (i % 6) * 70;
    const y = 60 + Math.floor(i / 6) * 80;
    return `<rect x="${x}" y="${y}" width="56" height="40" fill="#dbeafe" stroke="#1e3a5f" stroke-width="2"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#fff"/><rect x="20" y="20" width="600" height="360" fill="none" stroke="#111827" stroke-width="6"/>${cells}<rect x="480" y="240" width="120" height="120" fill="#fef3c7" stroke="#92400e" stroke-width="2"/><text x="490" y="305" font-family="sans-serif" font-size="16">Meeting</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface PlannedFile {
  key: string;
  name: string;
  mime: string;
  data: Buffer;
}

/** Four designs of the demo customer in different states, with their files, history and a recommendation. */
export async function seedDesigns(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  if (!customer || !admin) return;

  const plan = async (name: string, data: Buffer, mime: string, prefix: string): Promise<PlannedFile> => {
    const file = { key: randomKey(prefix, mime === 'application/pdf' ? 'pdf' : 'png'), name, mime, data };
    await ctx.storage.put(file.key, data, mime);
    return file;
  };
  const files = {
    headOffice: await plan('head-office-floor-plan.png', await floorPlanPng(18), 'image/png', 'designs'),
    annex: await plan(
      'annex-layout.pdf',
      simplePdf(['Annex layout', '8 workstations, low walls', 'Reception at the entrance']),
      'application/pdf',
      'designs',
    ),
    callCenter: await plan('call-center.png', await floorPlanPng(30), 'image/png', 'designs'),
    recommendation: await plan(
      'recommended-layout.pdf',
      simplePdf([
        'Recommended layout for the head office',
        '18 stations with medium walls',
        'Pedestals under every desk',
      ]),
      'application/pdf',
      'recommendations',
    ),
  };

  const day = 24 * 3600 * 1000;
  const designs = [
    {
      file: files.headOffice,
      title: 'Head office floor plan',
      tab: 'haveDesign' as const,
      description:
        'Second floor of our head office: 18 desks in three rows and a meeting room in the corner.',
      totalNumber: '11-49',
      features: ['Medium Walls', 'Pedestals'],
      interest: 'Both',
      options: 'Integrated Power Outlets',
      status: 'approved' as const,
      comments: 'A good plan. We suggest medium walls to keep the room bright; see our recommended layout.',
      notes:
        'Medium walls (53") with glass tops along the windows, pedestals under every desk, power through the base rail.',
      daysAgo: 21,
    },
    {
      file: files.annex,
      title: 'Annex layout',
      tab: 'haveDesign' as const,
      description: 'The annex building, eight workstations next to the reception.',
      totalNumber: '6-10',
      features: ['Low Walls'],
      interest: 'Pre-Owned Furniture',
      options: null,
      status: 'pending' as const,
      comments: null,
      notes: null,
      daysAgo: 3,
    },
    {
      file: files.callCenter,
      title: 'Call center expansion',
      tab: 'haveDesign' as const,
      description: 'Thirty stations for the call center, tall walls for sound.',
      totalNumber: '11-49',
      features: ['Tall Walls', 'Overhead Bins'],
      interest: 'New Furniture',
      options: 'Both',
      status: 'rejected' as const,
      comments: 'The plan does not meet the fire exit widths of your building; please send an updated plan.',
      notes: null,
      daysAgo: 12,
    },
    {
      file: null,
      title: 'Morgan & Co workspace request',
      tab: 'dontHaveDesign' as const,
      description: null,
      totalNumber: '3-5',
      features: ['Low Walls', 'Pedestals'],
      interest: 'Both',
      options: 'Data Outlets',
      status: 'pending' as const,
      comments: null,
      notes: null,
      daysAgo: 1,
    },
  ];

  await db.transaction(async (tx) => {
    for (const d of designs) {
      const id = await q.nextDesignId(tx);
      const createdAt = new Date(Date.now() - d.daysAgo * day);
      const row = await q.insertDesign(tx, {
        id,
        slug: designNumber(id, createdAt),
        userId: customer.id,
        selectedTab: d.tab,
        title: d.title,
        name: customer.name,
        email: customer.email,
        companyName: 'Morgan & Co',
        zipCode: '60601',
        phone: customer.phone ?? DEMO_CUSTOMER.phone,
        description: d.description,
        totalNumber: d.totalNumber,
        features: d.features,
        interest: d.interest,
        options: d.options,
        status: d.status,
        comments: d.comments,
        recommendationNotes: d.notes,
        designFileKey: d.file?.key ?? null,
        designFileName: d.file?.name ?? null,
        designFileMime: d.file?.mime ?? null,
        designFileSize: d.file?.data.length ?? null,
        createdAt,
        updatedAt: createdAt,
      });
      const reviewedAt = new Date(createdAt.getTime() + 2 * day);
      const history: q.HistoryInsert[] = [
        { designId: row.id, actorId: customer.id, kind: 'submitted', toStatus: 'pending', createdAt },
      ];
      if (d.status !== 'pending') {
        history.push({
          designId: row.id,
          actorId: admin.id,
          kind: 'status',
          fromStatus: 'pending',
          toStatus: d.status,
          createdAt: reviewedAt,
        });
      }
      if (d.comments)
        history.push({
          designId: row.id,
          actorId: admin.id,
          kind: 'comment',
          body: d.comments,
          createdAt: reviewedAt,
        });
      if (d.notes) {
        history.push({
          designId: row.id,
          actorId: admin.id,
          kind: 'recommendation_notes',
          body: d.notes,
          createdAt: reviewedAt,
        });
        const rec = files.recommendation;
        await q.insertRecommendationFiles(tx, [
          {
            designId: row.id,
            fileKey: rec.key,
            originalName: rec.name,
            mime: rec.mime,
            size: rec.data.length,
            uploadedBy: admin.id,
            createdAt: reviewedAt,
          },
        ]);
        history.push({
          designId: row.id,
          actorId: admin.id,
          kind: 'recommendation_file_added',
          body: rec.name,
          createdAt: reviewedAt,
        });
      }
      await q.insertHistory(tx, history);
    }
  });
}
