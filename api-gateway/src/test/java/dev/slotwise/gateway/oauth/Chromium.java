package dev.slotwise.gateway.oauth;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium, driven through Debian's chromedriver (no browser is downloaded: {@code .ci/run}
 * installs both packages). Pages are used as a person uses them: fields by their label, buttons by their text.
 */
final class Chromium implements AutoCloseable {

    private static final String BROWSER = System.getProperty("slotwise.chromium", "/usr/bin/chromium");
    private static final String DRIVER = System.getProperty("slotwise.chromedriver", "/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    final ChromeDriver driver;

    Chromium(int width, int height) {
        if (!new File(BROWSER).canExecute() || !new File(DRIVER).canExecute()) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver packages ("
                    + BROWSER + ", " + DRIVER + "); .ci/run installs them");
        }
        ChromeOptions options = new ChromeOptions().setBinary(BROWSER)
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--no-first-run", "--disable-extensions", "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(20));
        driver.manage().window().setSize(new Dimension(width, height));
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement field(String label) {
        WebElement labelElement = driver.findElement(By.xpath("//label[normalize-space()='" + label + "']"));
        return driver.findElement(By.id(labelElement.getAttribute("for")));
    }

    void fill(String label, String value) {
        WebElement field = field(label);
        field.clear();
        field.sendKeys(value);
    }

    void press(String button) {
        driver.findElement(By.xpath("//button[normalize-space()='" + button + "']")).click();
    }

    /** Waits (up to 10 s) for the browser to arrive at a URL starting with this; answers the URL it is at. */
    String awaitUrl(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!driver.getCurrentUrl().startsWith(prefix) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return driver.getCurrentUrl();
    }

    String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    /** True when the page is no wider than the window: nothing to scroll sideways. */
    boolean fitsWidth() {
        Object fits = driver.executeScript(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;");
        return Boolean.TRUE.equals(fits);
    }

    Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path target = SCREENSHOTS.resolve(name + ".png");
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
