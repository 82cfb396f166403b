/** Plan actions in the designer header (Validate, Export). (Basic version: the Try-it work replaces it.) */
export function DesignerActions() {
  return null;
}
