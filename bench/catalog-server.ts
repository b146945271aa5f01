/**
 * The shop's server under test for bench/catalog-load.ts and the other benchmarks (bench/shop-app.ts). Prints
 * 'ready' when listening.
 */
import { startShop } from './shop-app';

const shop = await startShop();
console.info('ready');
process.on('SIGTERM', () => {
  void shop.close().then(() => process.exit(0));
});
