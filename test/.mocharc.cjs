// Shared by every mocha suite run from Node (unit and e2e); TypeScript runs through tsx.
module.exports = {
  'node-option': ['import=tsx'],
  require: [require.resolve('./support/isolatedState.cjs')],
  extension: ['ts'],
  reporter: require.resolve('./support/summaryReporter.cjs'),
  timeout: 15000,
  exit: true,
};
