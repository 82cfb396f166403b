#!/usr/bin/env bash
# Loads every .jmx fixture with JMeter 5.6.3's own SaveService.loadTree and prints its element tree: the check that
# tests/fixtures/convert/jmeter/*.jmx are in JMeter's real format. Needs Java 17 and Maven (Maven Central); the jars
# go to a temporary folder, never into the repository. Not part of the test suite (it downloads ~140 jars).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${JMETER_CHECK_DIR:-$(mktemp -d)}
mkdir -p "$work/src/main/java" "$work/classes" "$work/home"
cp "$here/pom.xml" "$work/" && cp "$here/LoadJmx.java" "$work/src/main/java/"
(cd "$work" && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$work/lib")
(cd "$work/home" && unzip -o -q "$work/lib/ApacheJMeter_config-5.6.3.jar")
javac -d "$work/classes" -cp "$work/lib/*" "$work/src/main/java/LoadJmx.java"
java -Djmeter.home="$work/home" -cp "$work/classes:$work/lib/*" LoadJmx "$here"/../fixtures/convert/jmeter/*.jmx
