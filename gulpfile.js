// Icons are the only assets tsc does not emit: copy them into dist/ next to the compiled code.
const { src, dest } = require('gulp');

function buildIcons() {
	return src('icons/**/*.svg').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
