import java.io.File;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/** Loads each .jmx given with JMeter's own SaveService.loadTree and prints the element tree (class, name, enabled). */
public class LoadJmx {
  public static void main(String[] args) throws Exception {
    String home = System.getProperty("jmeter.home");
    JMeterUtils.setJMeterHome(home);
    JMeterUtils.loadJMeterProperties(home + "/bin/jmeter.properties");
    JMeterUtils.initLocale();
    for (String f : args) {
      HashTree tree = SaveService.loadTree(new File(f));
      System.out.println("== " + f);
      print(tree, "");
    }
  }
  static void print(HashTree tree, String indent) {
    for (Object k : tree.list()) {
      TestElement e = (TestElement) k;
      System.out.println(indent + e.getClass().getSimpleName() + " \"" + e.getName() + "\"" + (e.isEnabled() ? "" : " (disabled)"));
      print(tree.getTree(k), indent + "  ");
    }
  }
}
