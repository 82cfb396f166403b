module loadsmith.dev/bench/target

go 1.22
