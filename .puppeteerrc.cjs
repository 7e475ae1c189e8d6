/**
 * MemLab (the leak check's analysis) depends on puppeteer, whose install would download a Chrome: we never
 * run it (the analysis reads snapshot files), so the download is skipped for everyone installing this repo.
 */
// eslint-disable-next-line no-undef -- a CommonJS config file puppeteer reads
module.exports = { skipDownload: true };
