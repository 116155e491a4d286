// Icons are the only assets esbuild does not write (scripts/bundle.mjs): copy them into dist/icons, where
// the nodes' and credentials' `file:` icon paths point.
const { src, dest } = require('gulp');

function buildIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
