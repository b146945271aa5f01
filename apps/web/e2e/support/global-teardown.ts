import { dropTestDatabase } from './database';

export default async function globalTeardown(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (url)
    await dropTestDatabase(url).catch((err) => console.warn(`Could not drop the e2e database: ${err}`));
}
