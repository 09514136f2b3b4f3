console.log('The toolbridge demo is not built yet: it arrives with the demo issue.');
console.log('Meanwhile, `bash scripts/test.sh` runs the test suite.');
