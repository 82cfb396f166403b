/** The environment Try it and Validate use. (Basic version: the Try-it work replaces it.) */
export function EnvironmentSelect() {
  return null;
}
