// `npm run newsletter:invite`: mails the one invitation to confirm to every newsletter address
// stored before double opt-in that was never invited (issue 40), with the server's settings
// (DATA_DIR or DATABASE_URL, SMTP_URL, MAIL_FROM, PUBLIC_URL). Each address is marked invited as it
// is claimed, so running it again sends nobody a second one. On the embedded database, stop the
// server first: one process at a time may open its folder.
import { loadBuild } from "./cli.js";

const build = await loadBuild();
try {
  const report = await build.inviteStoredSubscribers(await build.database(), (progress) => console.log(`${progress.invited} invited so far`));
  console.log(`Done: ${report.invited} invited, ${report.failed} refused by the relay (left for the next run), ${report.suppressed} suppressed.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await build.closeDatabase();
}
