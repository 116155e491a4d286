// Ends every jest run with the plain "N passed, N failed, N skipped" line that CI reads.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		process.stderr.write(`\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
	}
}
module.exports = SummaryReporter;
