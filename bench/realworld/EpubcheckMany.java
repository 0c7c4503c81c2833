// EPUBCheck on several books in one Java process, for the real-book scoreboard
// (epubcheck_batch.h). EPUBCheck spends about 2.8 s of a run on a small book starting Java and
// compiling its schemas; one process pays that once for all the books it is given.
//
// usage: java -cp /usr/share/java/epubcheck.jar EpubcheckMany.java EPUB LOG [EPUB LOG]...
// Each book's report (what `epubcheck EPUB` prints) goes to its LOG, followed by a last line
// "epubcheck exit N" with the exit code `epubcheck EPUB` would have had. Exits with the highest.
// Run as a source file (Java 11 and later compile it in memory; Debian's JRE has the compiler).
import com.adobe.epubcheck.tool.EpubChecker;
import java.io.FileOutputStream;
import java.io.PrintStream;

public class EpubcheckMany {
  public static void main(String[] args) throws Exception {
    if (args.length == 0 || args.length % 2 != 0) {
      System.err.println("usage: EpubcheckMany EPUB LOG [EPUB LOG]...");
      System.exit(2);
    }
    int worst = 0;
    PrintStream out = System.out, err = System.err;
    for (int i = 0; i < args.length; i += 2) {
      try (PrintStream log = new PrintStream(new FileOutputStream(args[i + 1]), true, "UTF-8")) {
        System.setOut(log);
        System.setErr(log);
        int code = new EpubChecker().run(new String[] {args[i]});
        log.println("epubcheck exit " + code);
        worst = Math.max(worst, code);
      } finally {
        System.setOut(out);
        System.setErr(err);
      }
    }
    System.exit(worst);
  }
}
